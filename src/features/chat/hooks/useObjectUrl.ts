// An attachment decrypted into an object URL, loaded once `enabled` (keyed by the message id: status updates
// must not download it again) and revoked when the component goes.
import { useEffect, useState } from 'react';
import { downloadFile, type ChatMessage } from '../api/data.ts';

export function useObjectUrl(message: ChatMessage, enabled: boolean, preview = true): { url: string | null; failed: boolean } {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const pending = message.messageId.startsWith('local-');
  useEffect(() => {
    if (!enabled) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    const load =
      message.fileBytes && pending ? Promise.resolve(new Blob([message.fileBytes as BlobPart], { type: message.fileMetadata?.mimeType })) : downloadFile(message, preview);
    load
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // Keyed by the message id on purpose: status updates must not download it again.
  }, [message.messageId, enabled]);
  return { url, failed };
}
