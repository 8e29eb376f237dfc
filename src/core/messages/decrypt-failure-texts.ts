// The seed's decrypt failure texts, apart from the crypto so that i18n's defaults do not bring the crypto with them.
export const decryptFailureTexts = {
  'core.decrypt.messageFailed': 'Fail to decrypt message with ID = {{id}}',
  'core.decrypt.metadataFailed': 'Fail to decrypt message Metadata with ID = {{id}}',
  'core.decrypt.fileFailed': 'Fail to decrypt message File with ID = {{id}}',
} as const;

export type DecryptFailureKey = keyof typeof decryptFailureTexts;
