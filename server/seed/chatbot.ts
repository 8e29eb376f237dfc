// The built-in rule-based chatbot's menus, answers and keywords in en_US, zh_TW and zh_CN
// (docs/server-services.md). Runs once: a seed_markers row, claimed first inside the transaction, makes a
// second run (or a second process) do nothing.
import type { Queryable } from '../store/db.ts';

export const CHATBOT_MARKER = 'chatbot-assistant';
/** The chatbot createchatbotroom opens (server/services/rooms/chatbot.ts). */
export const SEEDED_CHATBOT_ID = 'assistant';

type Texts = readonly [en_US: string, zh_TW: string, zh_CN: string];
const LANGS = ['en_US', 'zh_TW', 'zh_CN'] as const;

interface CardSeed {
  key: string;
  title: Texts;
  options: { value: string; label: Texts; nextCard?: string; answer?: string }[];
}

const CARDS: CardSeed[] = [
  {
    key: 'main',
    title: ['Hello! How can I help you today?', '你好！今天有甚麼可以幫到你？', '你好！今天有什么可以帮到你？'],
    options: [
      { value: 'main.it', label: ['IT support', '資訊科技支援', '信息技术支持'], nextCard: 'it' },
      { value: 'main.hr', label: ['Staff matters', '員工事務', '员工事务'], nextCard: 'hr' },
      { value: 'main.canteen', label: ['Canteen hours', '飯堂開放時間', '饭堂开放时间'], answer: 'canteen' },
    ],
  },
  {
    key: 'it',
    title: ['IT support: what do you need?', '資訊科技支援：你需要甚麼協助？', '信息技术支持：你需要什么协助？'],
    options: [
      { value: 'it.password', label: ['Reset my password', '重設密碼', '重设密码'], answer: 'password' },
      { value: 'it.wifi', label: ['Connect to Wi-Fi', '連接 Wi-Fi', '连接 Wi-Fi'], answer: 'wifi' },
      { value: 'it.back', label: ['Back to the main menu', '返回主選單', '返回主菜单'], nextCard: 'main' },
    ],
  },
  {
    key: 'hr',
    title: ['Staff matters: choose a topic.', '員工事務：請選擇主題。', '员工事务：请选择主题。'],
    options: [
      { value: 'hr.leave', label: ['Apply for leave', '申請假期', '申请假期'], answer: 'leave' },
      { value: 'hr.payslip', label: ['My payslip', '我的糧單', '我的工资单'], answer: 'payslip' },
      { value: 'hr.back', label: ['Back to the main menu', '返回主選單', '返回主菜单'], nextCard: 'main' },
    ],
  },
];

const ANSWERS: Record<string, Texts> = {
  password: [
    'To reset your password, open Settings > Change Password, or call the IT hotline at 2300 1234 (24 hours).',
    '如需重設密碼，請前往「設定 > 更改密碼」，或致電資訊科技熱線 2300 1234（24 小時）。',
    '如需重设密码，请前往“设置 > 更改密码”，或致电信息技术热线 2300 1234（24 小时）。',
  ],
  wifi: [
    'Connect to the "Staff" network and sign in with your login name and password. Guests use "Visitor".',
    '請連接「Staff」網絡，並以你的登入名稱及密碼登入。訪客請使用「Visitor」。',
    '请连接“Staff”网络，并以你的登录名称及密码登录。访客请使用“Visitor”。',
  ],
  leave: [
    'Submit leave in the staff portal under Leave > New Application at least 7 days ahead; your supervisor approves it.',
    '請於員工入口網站「假期 > 新申請」提交假期申請（最少提前 7 天），由你的主管審批。',
    '请于员工门户网站“假期 > 新申请”提交假期申请（最少提前 7 天），由你的主管审批。',
  ],
  payslip: [
    'Payslips are published on the 25th of each month in the staff portal under Pay > Payslips.',
    '糧單於每月 25 日在員工入口網站「薪酬 > 糧單」發布。',
    '工资单于每月 25 日在员工门户网站“薪酬 > 工资单”发布。',
  ],
  canteen: [
    'The staff canteen on G/F is open 07:30–10:30, 11:30–14:30 and 17:30–20:00, Monday to Saturday.',
    '地下職員飯堂開放時間：星期一至六 07:30–10:30、11:30–14:30 及 17:30–20:00。',
    '地下职员饭堂开放时间：星期一至六 07:30–10:30、11:30–14:30 及 17:30–20:00。',
  ],
  fallback: [
    'Sorry, I did not understand. Try a keyword such as password, wifi, leave, payslip or canteen, or type "menu".',
    '抱歉，我不明白。請嘗試輸入關鍵字，例如：密碼、wifi、假期、糧單或飯堂，或輸入「選單」。',
    '抱歉，我不明白。请尝试输入关键字，例如：密码、wifi、假期、工资单或饭堂，或输入“菜单”。',
  ],
};

/** Keyword (matched case-insensitively anywhere in the text; the longest wins) → answer. */
const KEYWORDS: Record<string, string> = {
  password: 'password',
  reset: 'password',
  密碼: 'password',
  密码: 'password',
  wifi: 'wifi',
  'wi-fi': 'wifi',
  wireless: 'wifi',
  無線: 'wifi',
  无线: 'wifi',
  leave: 'leave',
  holiday: 'leave',
  假期: 'leave',
  請假: 'leave',
  请假: 'leave',
  payslip: 'payslip',
  salary: 'payslip',
  糧單: 'payslip',
  薪: 'payslip',
  工资: 'payslip',
  canteen: 'canteen',
  lunch: 'canteen',
  飯堂: 'canteen',
  饭堂: 'canteen',
};

/** Keyword → card: asking for the menu shows it again. */
const MENU_KEYWORDS: Record<string, string> = { menu: 'main', 選單: 'main', 菜单: 'main' };

const NAME: Texts = ['Chatbot', '聊天機械人', '聊天机器人'];

/** Fills the chatbot tables once; returns whether this call did it. */
export async function seedChatbotData(db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.query('INSERT INTO seed_markers (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name', [CHATBOT_MARKER]);
    if (claimed.rows.length === 0) return false;
    const id = SEEDED_CHATBOT_ID;
    await tx.query('INSERT INTO chatbots (chatbot_id, start_card, fallback_answer) VALUES ($1, $2, $3)', [id, 'main', 'fallback']);
    const text = async (key: string, texts: Texts) => {
      for (const [i, lang] of LANGS.entries()) {
        await tx.query('INSERT INTO chatbot_texts (chatbot_id, text_key, lang_id, text) VALUES ($1, $2, $3, $4)', [id, key, lang, texts[i]]);
      }
    };
    await text('name', NAME);
    for (const card of CARDS) {
      await tx.query('INSERT INTO chatbot_cards (chatbot_id, card_key) VALUES ($1, $2)', [id, card.key]);
      await text(`card:${card.key}`, card.title);
    }
    for (const card of CARDS) {
      for (const [seq, option] of card.options.entries()) {
        await tx.query(
          'INSERT INTO chatbot_options (chatbot_id, card_key, value, seq, next_card, answer_key) VALUES ($1, $2, $3, $4, $5, $6)',
          [id, card.key, option.value, seq + 1, option.nextCard ?? null, option.answer ?? null],
        );
        for (const [i, lang] of LANGS.entries()) {
          await tx.query('INSERT INTO chatbot_option_labels (chatbot_id, value, lang_id, label) VALUES ($1, $2, $3, $4)', [
            id,
            option.value,
            lang,
            option.label[i],
          ]);
        }
      }
    }
    for (const [key, texts] of Object.entries(ANSWERS)) await text(`answer:${key}`, texts);
    for (const [keyword, answer] of Object.entries(KEYWORDS)) {
      await tx.query('INSERT INTO chatbot_keywords (chatbot_id, keyword, answer_key) VALUES ($1, $2, $3)', [id, keyword, answer]);
    }
    for (const [keyword, card] of Object.entries(MENU_KEYWORDS)) {
      await tx.query('INSERT INTO chatbot_keywords (chatbot_id, keyword, next_card) VALUES ($1, $2, $3)', [id, keyword, card]);
    }
    return true;
  });
}
