import type { BroadcastBody } from '../../../shared/api/admin-broadcasts';
import type { AudienceKind } from '../../../shared/api/admin-broadcasts-values';
import type { FieldMessages } from '../../components/forms/server-errors';
import { fromLocalInput } from '../../components/forms/local-time';

/** What the compose form holds: ids as typed, the time as the device's local time. */
export interface BroadcastFields {
  title_ru: string;
  body_ru: string;
  title_en: string;
  body_en: string;
  kind: AudienceKind;
  user_id: string;
  user_ids: string;
  role: string;
  business_category_id: string;
  category: string;
  when: 'now' | 'later';
  send_at: string;
}

export const emptyFields = (userIds: number[] = []): BroadcastFields => ({
  title_ru: '',
  body_ru: '',
  title_en: '',
  body_en: '',
  kind: userIds.length ? 'users' : 'everyone',
  user_id: '',
  user_ids: userIds.join(', '),
  role: 'user',
  business_category_id: '',
  category: '',
  when: 'now',
  send_at: '',
});

/** "12" → 12, "" → null, "abc" → NaN (the shared rule then says the value has the wrong type). */
const idOf = (text: string): number | null => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export const toBody = (fields: BroadcastFields): BroadcastBody => ({
  title_ru: fields.title_ru,
  body_ru: fields.body_ru,
  title_en: fields.title_en,
  body_en: fields.body_en,
  audience: {
    kind: fields.kind,
    user_id: idOf(fields.user_id),
    user_ids: fields.user_ids
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((piece) => idOf(piece) ?? Number.NaN),
    role: (fields.role || null) as BroadcastBody['audience']['role'],
    business_category_id: idOf(fields.business_category_id),
    category: (fields.category || null) as BroadcastBody['audience']['category'],
  },
  send_at: fields.when === 'later' ? fromLocalInput(fields.send_at) || '' : null,
});

/**
 * A rule's or the server's messages by the form's field names: "audience.user_ids[2]" belongs to
 * `user_ids`, a message on the whole audience ("nobody is in it") to the audience picker.
 */
export function perField(messages: Record<string, unknown>): FieldMessages {
  const shown: FieldMessages = {};
  for (const [path, message] of Object.entries(messages)) {
    const parts = path.split(/[[.\]]/).filter(Boolean);
    const field = parts[0] === 'audience' ? (parts[1] && parts[1] !== 'kind' ? parts[1] : 'kind') : parts[0];
    if (field in shown) continue;
    shown[field] = Array.isArray(message) ? message[0] : message;
  }
  return shown;
}
