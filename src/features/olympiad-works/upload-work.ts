import type { MyWork } from '../../../shared/api/olympiad-works';
import { appConfig } from '../../services/app-config';

/** What a failed upload looks like to the form: the same `{ status, data }` as an RTK Query error, so its messages show alike. */
export type UploadFailure = { status: number; data: unknown } | { status: 'FETCH_ERROR'; error: string };

export interface UploadRequest {
  /** `/olympiad/works` for a new work, `/olympiad/works/{id}` to edit and resubmit one. */
  path: string;
  fields: Record<string, string>;
  file: File | null;
  token: string | null;
  language: string;
  /** 0…1 as the bytes leave the browser. */
  onProgress(fraction: number): void;
}

/**
 * Sends a work as multipart through XMLHttpRequest: fetch reports no upload progress, and a
 * drawing of 10 MB on a school's network takes long enough that the participant must see it move.
 * Resolves with the stored work, rejects with an UploadFailure (a network error too).
 */
export function uploadWork({ path, fields, file, token, language, onProgress }: UploadRequest): Promise<{ data: MyWork }> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    // The file goes last: the server reads the fields before the stream of bytes.
    if (file) body.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${appConfig().apiUrl}/v1${path}`);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const apiKey = appConfig().apiKey;
    if (apiKey) xhr.setRequestHeader('x-api-key', apiKey);
    xhr.setRequestHeader('accept-language', language);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data) resolve(data as { data: MyWork });
      else reject({ status: xhr.status, data } satisfies UploadFailure);
    };
    const failed = () => reject({ status: 'FETCH_ERROR', error: 'network' } satisfies UploadFailure);
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = failed;
    xhr.send(body);
  });
}
