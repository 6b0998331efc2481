import './chat-parts.css';
/** The first letter stands in for a picture: profile images are not public files. */
export function PartyAvatar({ name }: { name: string }) {
  return (
    <span className="chat-avatar" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
