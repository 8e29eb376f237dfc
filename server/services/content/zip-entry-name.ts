// Names of the entries of a private-album zip (docs/security.md, finding 11). A stored file name is whatever
// the uploader sent; unpacked as is, '..', 'a/../../b', 'CON' or a name with control characters could write
// outside the folder or confuse the person who opens it. Each entry becomes one plain file name, unique
// without regard to case (the file systems of Windows and macOS ignore it).
const MAX_NAME_LENGTH = 200;
// Control characters (C0, DEL, C1) and the bidirectional overrides that make 'gpj.exe' look like 'exe.jpg'.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// Path separators and the characters Windows refuses in a file name.
const SEPARATORS_AND_RESERVED = /[/\\:*?"<>|]/g;
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** One safe file name: no separators, no dot names, no control characters, not a Windows device name. */
export function safeEntryName(name: string): string {
  let safe = name.normalize('NFC').replace(UNSAFE_CHARACTERS, '_').replace(SEPARATORS_AND_RESERVED, '_');
  safe = safe.trim().replace(/[. ]+$/, ''); // Windows drops trailing dots and spaces; '..' becomes ''
  if (safe === '' || /^\.+$/.test(safe)) return 'file';
  if (safe.startsWith('.')) safe = `_${safe}`; // no hidden files, no '.' or '..' prefixes
  if (WINDOWS_DEVICE_NAME.test(safe)) safe = `_${safe}`;
  if (safe.length > MAX_NAME_LENGTH) {
    const dot = safe.lastIndexOf('.');
    const extension = dot > 0 && safe.length - dot <= 16 ? safe.slice(dot) : '';
    safe = safe.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
  }
  return safe;
}

/** A safe name not yet in `taken` (compared without case): "a.png", "a (2).png", ... Records it in `taken`. */
export function uniqueEntryName(name: string, taken: Set<string>): string {
  const safe = safeEntryName(name);
  let candidate = safe;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const dot = safe.lastIndexOf('.');
    candidate = dot > 0 ? `${safe.slice(0, dot)} (${n})${safe.slice(dot)}` : `${safe} (${n})`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}
