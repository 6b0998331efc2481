/** The product's private channel of one user (DESIGN.md, realtime contract): `private-user.{id}`. */
const USER_CHANNEL = /^private-user\.(\d+)$/;

/** The user a channel belongs to, if it is a user's own channel. */
export function userOfChannel(channel: string): string | undefined {
  return USER_CHANNEL.exec(channel)?.[1];
}
