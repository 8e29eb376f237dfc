// Which message kinds the variant displays: a kind whose IS_ALLOW_MSG_TYPE_* / IS_SHOW_MSG_TYPE_* flag is off shows
// 'This message type is not supported' (schema/flags.json). Kinds without such a flag are always shown.
import {
  IS_ALLOW_MSG_TYPE_BAPP,
  IS_ALLOW_MSG_TYPE_DATETIME,
  IS_ALLOW_MSG_TYPE_JSONCARD,
  IS_ALLOW_MSG_TYPE_MC,
  IS_ALLOW_MSG_TYPE_REQUEST,
  IS_ALLOW_MSG_TYPE_TEXT,
  IS_ALLOW_MSG_TYPE_URL,
  IS_SHOW_MSG_TYPE_SYSTEM,
} from '@variant/flags';

/** Kind → whether the variant shows it, for the kinds a display flag governs. */
export type KindFlags = Readonly<Partial<Record<string, boolean>>>;

const VARIANT_KINDS: KindFlags = {
  TEXT: IS_ALLOW_MSG_TYPE_TEXT,
  URL: IS_ALLOW_MSG_TYPE_URL,
  BAPP: IS_ALLOW_MSG_TYPE_BAPP,
  DISMISS_BAPP: IS_ALLOW_MSG_TYPE_BAPP,
  REQUEST: IS_ALLOW_MSG_TYPE_REQUEST,
  DISMISS_REQ: IS_ALLOW_MSG_TYPE_REQUEST,
  MC: IS_ALLOW_MSG_TYPE_MC,
  DISMISS_MC: IS_ALLOW_MSG_TYPE_MC,
  DATETIME: IS_ALLOW_MSG_TYPE_DATETIME,
  JSONCARD: IS_ALLOW_MSG_TYPE_JSONCARD,
  SYSTEM: IS_SHOW_MSG_TYPE_SYSTEM,
};

/** Whether `type` is displayed under `flags`: false only where its flag is off. */
export function kindShownBy(type: string, flags: KindFlags): boolean {
  return flags[type] !== false;
}

export const kindShown = (type: string): boolean => kindShownBy(type, VARIANT_KINDS);
