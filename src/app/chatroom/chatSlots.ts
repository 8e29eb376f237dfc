// What the chat shows of the other features, filled in here because only the app puts features side by side
// (docs/client-core.md, "Layers"): the room list's menu in the header, the room info and conference pages, calls,
// a chatbot room's notice and composer, "Save to album" and the assist services. A piece the chat shows only under
// a variant's flag is given under the same flag, so that variants without it do not ship it.
import {
  IS_ALLOW_OPERATE_MESSAGE,
  IS_ALLOW_PRIVATE_ALBUM,
  IS_ALLOW_TEXT_TO_SPEECH,
  IS_ALLOW_TRANSLATION,
  IS_ALLOW_UPLOAD_TO_PRIVATE_ALBUM,
  IS_ALLOW_VIDEO_CONFERENCE,
  IS_SHOW_CHATBOT_NOTICE,
} from '@variant/flags';
import type { ChatSlots } from '../../features/chat/index.ts';
import { saveMessagesToAlbum } from '../../features/album/index.ts';
import { PromptHelper, ReadAloudAction, TranslateAction, TranslationLine } from '../../features/assist/index.ts';
import { ChatbotComposer, ChatbotNotice } from '../../features/chatbot/index.ts';
import { createConferencePage, usePlaceCall } from '../../features/conference/index.ts';
import { chatRoomInfoPage } from '../../features/roominfo/index.ts';
import { RoomHeaderMenu } from '../../features/roomlist/index.ts';

/** In place of a piece the variant does not have; the chat never shows it there. */
const absent = () => null;
const translation = IS_ALLOW_TRANSLATION && IS_ALLOW_OPERATE_MESSAGE;

export const chatSlots: ChatSlots = {
  RoomMenu: RoomHeaderMenu,
  roomInfoPage: chatRoomInfoPage,
  createConferencePage: IS_ALLOW_VIDEO_CONFERENCE ? createConferencePage : undefined,
  usePlaceCall,
  ChatbotNotice: IS_SHOW_CHATBOT_NOTICE ? ChatbotNotice : absent,
  ChatbotComposer,
  saveToAlbum: IS_ALLOW_PRIVATE_ALBUM && IS_ALLOW_UPLOAD_TO_PRIVATE_ALBUM ? saveMessagesToAlbum : async () => undefined,
  PromptHelper: IS_ALLOW_OPERATE_MESSAGE ? PromptHelper : absent,
  TranslateAction: translation ? TranslateAction : absent,
  TranslationLine: translation ? TranslationLine : absent,
  ReadAloudAction: IS_ALLOW_TEXT_TO_SPEECH ? ReadAloudAction : absent,
};
