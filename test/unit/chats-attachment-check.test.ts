/**
 * @jest-environment node
 */
import { checkFiles, sniffMime } from '../../src/components/chat/attachment-check';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (bytes: number[], name: string, size = bytes.length) => {
  const content = new Uint8Array(size);
  content.set(bytes);
  return new File([content], name);
};

test('types are recognised by content, not by name', () => {
  expect(sniffMime(new Uint8Array(PNG_HEAD))).toBe('image/png');
  expect(sniffMime(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
  expect(sniffMime(new Uint8Array([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')]))).toBe('image/webp');
  expect(sniffMime(new Uint8Array(Buffer.from('%PDF-1.7')))).toBe('application/pdf');
  expect(sniffMime(new Uint8Array(Buffer.from('hello')))).toBeNull();
});

test('a text file renamed to .png, an oversized pdf and too many files are refused before upload', async () => {
  expect(await checkFiles([file([...Buffer.from('just text')], 'photo.png')])).toEqual({ id: 'chats.errors.fileType', values: { name: 'photo.png' } });
  expect(await checkFiles([file([...Buffer.from('%PDF-1.4')], 'big.pdf', 5 * 1024 * 1024 + 1)])).toEqual({ id: 'chats.errors.fileTooLarge', values: { name: 'big.pdf', max: 5 } });
  expect(await checkFiles([file(PNG_HEAD, 'big.png', 6 * 1024 * 1024)])).toBeNull();
  expect(await checkFiles(Array.from({ length: 6 }, (_, i) => file(PNG_HEAD, `${i}.png`)))).toEqual({ id: 'chats.errors.tooManyFiles', values: { max: 5 } });
});
