// The audio voice/speak answers: base64 bytes whose type the media element finds from the bytes themselves.

/** The audio as a Blob to play, or null when the answer holds no audio (empty or not base64). */
export function audioBlob(base64: string): Blob | null {
  const clean = base64.replace(/\s+/g, '');
  if (clean === '' || clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  let binary: string;
  try {
    binary = atob(clean);
  } catch {
    return null;
  }
  return new Blob([Uint8Array.from(binary, (char) => char.charCodeAt(0))]);
}
