// The text of an emailed history archive in the account's language (its langId; en_US when it is another).
// The archive goes as the server keeps it, encrypted: the mail says where the person reads it.
import type { LangId } from '../../../generated/types/index.ts';

type Language = LangId;

const TEXTS: Record<Language, { subject: (room: string) => string; body: (room: string, file: string) => string }> = {
  en_US: {
    subject: (room) => `Chat history: ${room}`,
    body: (room, file) =>
      [
        `The archive of the chat "${room}" that you asked for is attached (${file}).`,
        '',
        'The messages in it stay encrypted, as the chat server keeps them. To read them, download the same archive',
        'in the chat: Settings > Archived Messages, or the chat\'s Export and archive page. The chat decrypts it on',
        'your device.',
      ].join('\n'),
  },
  zh_TW: {
    subject: (room) => `聊天記錄：${room}`,
    body: (room, file) =>
      [
        `附件是您要求的聊天「${room}」的封存（${file}）。`,
        '',
        '封存內的訊息仍然加密，與聊天伺服器保存的一樣。如要閱讀，請在聊天程式下載同一封存：設定 > 已封存訊息，',
        '或該聊天的「匯出及封存」頁面。聊天程式會在您的裝置上解密。',
      ].join('\n'),
  },
  zh_CN: {
    subject: (room) => `聊天记录：${room}`,
    body: (room, file) =>
      [
        `附件是您要求的聊天“${room}”的归档（${file}）。`,
        '',
        '归档内的消息仍然加密，与聊天服务器保存的一样。如要阅读，请在聊天程序下载同一归档：设置 > 已归档消息，',
        '或该聊天的“导出及归档”页面。聊天程序会在您的设备上解密。',
      ].join('\n'),
  },
};

export function archiveMailText(langId: string, room: string, file: string): { subject: string; text: string } {
  const texts = TEXTS[(langId in TEXTS ? langId : 'en_US') as Language];
  return { subject: texts.subject(room), text: texts.body(room, file) };
}
