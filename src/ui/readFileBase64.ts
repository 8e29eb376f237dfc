// A chosen file's bytes as base64 without the data-URL prefix (the form image calls take).
export function readFileBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** The picture types a room or profile picture may be. */
export const PICTURE_TYPES = 'image/gif,image/jpeg,image/png';
