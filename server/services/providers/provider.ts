// The seam between the server and the service that does AI prompts, speech and image checks. The
// server speaks to it only through this interface; http.ts adapts it to the HTTP wire format of
// docs/server-services.md.
import type { AesKeyRecord } from '../../crypto/aes.ts';

/** Content the server cannot read itself: the client's ciphertext and the AES key record that opens it. */
export interface SealedContent {
  /** base64(IV ‖ ciphertext [‖ tag]) as the client sent it */
  ciphertext: string;
  key: AesKeyRecord;
}

export interface Provider {
  /** operatemessage: run the prompt app on the text. */
  operateMessage(input: { promptAppId: string; inputText: string; langId: string }): Promise<{ resultText: string }>;
  /** voice/speak: speech for the text of a message. */
  speak(input: { messageId: string; langId: string; text: SealedContent }): Promise<{ voice: string; contentType: string }>;
  /** voice/recognize, voicetotextmessage: the transcript of a voice message. */
  recognizeVoice(input: {
    messageId: string;
    langId: string;
    audio: SealedContent & { filename: string | null; contentType: string | null };
  }): Promise<{ text: string }>;
  /** image/recognizeimages: whether an image may be sent. */
  recognizeImage(input: { imageBase64: string }): Promise<{ pass: boolean }>;
  /** savetranslation: a member's translation, for the translation service's memory. */
  saveTranslation(input: { messageId: string; roomId: string; langId: string; value: string; checksum: string }): Promise<void>;
}
