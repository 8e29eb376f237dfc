// Attachment checks before sending (seed §5): the image types of the constants, the server's file types and
// attachment size limit.
export interface AttachmentRules {
  imageTypes: readonly string[];
  /** From the server's client config; empty means any type. */
  supportedFileTypes: readonly string[];
  /** Bytes; 0 or undefined means no limit known. */
  attachSize?: number;
}

export type AttachmentProblem =
  | { key: 'errors.attachTooLarge'; params: { name: string; limit: number } }
  | { key: 'errors.fileTypeUnsupported'; params: { name: string } };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The longest file name the send call takes (aesMessageFilename in schema/endpoints/messages.json), in characters. */
export const FILE_NAME_MAX_LENGTH = 255;
/** An extension longer than this is not kept when a name is shortened (it is most likely not one). */
const KEPT_EXTENSION_MAX_LENGTH = 16;

/**
 * The name a picked file is sent under: as it is, or, when longer than the server takes (it would refuse the
 * upload), cut at the end of its stem with its extension kept, so its type and preview stay the same.
 * Characters are code points, as the server's schema counts them, so no emoji or CJK character is split.
 */
export function fitFileName(name: string, max: number = FILE_NAME_MAX_LENGTH): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = chars.lastIndexOf('.');
  const extension = dot > 0 && chars.length - dot <= KEPT_EXTENSION_MAX_LENGTH + 1 ? chars.slice(dot) : [];
  return [...chars.slice(0, max - extension.length), ...extension].join('');
}

export function isImageName(name: string, rules: Pick<AttachmentRules, 'imageTypes'>): boolean {
  return rules.imageTypes.includes(extensionOf(name));
}

export function checkAttachment(
  file: { name: string; size: number },
  kind: 'image' | 'file',
  rules: AttachmentRules,
): AttachmentProblem | null {
  const ext = extensionOf(file.name);
  if (kind === 'image' && !rules.imageTypes.includes(ext)) return { key: 'errors.fileTypeUnsupported', params: { name: file.name } };
  const allowed = rules.supportedFileTypes.map((type) => type.toLowerCase().replace(/^\./, ''));
  if (kind === 'file' && allowed.length > 0 && !allowed.includes(ext) && !rules.imageTypes.includes(ext)) {
    return { key: 'errors.fileTypeUnsupported', params: { name: file.name } };
  }
  if (rules.attachSize && file.size > rules.attachSize) {
    return { key: 'errors.attachTooLarge', params: { name: file.name, limit: rules.attachSize } };
  }
  return null;
}

/** Space reserved for a thumbnail: the metadata's size scaled into the 300 x 500 box, never larger. */
export function thumbnailBox(width: number | undefined, height: number | undefined, maxWidth: number, maxHeight: number) {
  if (!width || !height) return { width: maxWidth, height: Math.round(maxWidth * 0.75) };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * The size to show for an attachment: the plaintext size the sender put in the (encrypted) metadata; the server's
 * aesMessageFilesize counts the ciphertext (IV and padding included), so it is only the fallback.
 */
export function plaintextSize(file: { fileMetadata?: { size?: number }; aesMessageFilesize?: number }): number | undefined {
  return file.fileMetadata?.size ?? file.aesMessageFilesize;
}
