// The demo organisation's conversations: which rooms exist, who is in them, what was said.
// Pure data, read by demo.ts. People are named by login name.
import type { SystemEventCode } from '../../generated/types/index.ts';
import type { RoomBusinessType, RoomType } from '../store/repos/rooms.ts';

/** A group change as a system line: who made it (login name) and to whom. */
export interface DemoChange {
  code: SystemEventCode;
  actor: string;
  targets?: string[];
  roomName?: string;
}

/** A member's message (`from`: login name), or a system line. */
export type DemoLine = { from: string; text: string; mentions?: string[] } | { from: null; change: DemoChange };

export interface DemoRoom {
  roomType: RoomType;
  roomName?: string;
  businessType?: RoomBusinessType;
  /** GRP_ACC_FWD_RM: the group account messages are forwarded for */
  groupAccount?: string;
  members: string[];
  admins?: string[];
  lines: DemoLine[];
}

const say = (from: string, text: string, mentions?: string[]): DemoLine => (mentions ? { from, text, mentions } : { from, text });
const change = (code: SystemEventCode, actor: string, details: Omit<DemoChange, 'code' | 'actor'> = {}): DemoLine => ({ from: null, change: { code, actor, ...details } });

export const DEMO_SINGLE_CHATS: readonly DemoRoom[] = [
  {
    roomType: 'SINGLE',
    members: ['alice', 'bob'],
    lines: [
      say('bob', 'Morning Alice, the family of bed 12 would like to speak to the ward manager.'),
      say('alice', 'On my way. Could you prepare the discharge summary in the meantime?'),
      say('bob', 'Sure, printing it now.'),
      say('alice', 'Thanks Bob 👍'),
    ],
  },
  {
    roomType: 'SINGLE',
    members: ['alice', 'carol'],
    lines: [
      say('carol', 'The wound care workshop moved to Thursday 2:30 pm, Lecture Theatre 2.'),
      say('alice', 'Noted, I will release Emily and Bob to attend.'),
    ],
  },
  {
    roomType: 'SINGLE',
    members: ['alice', 'david'],
    lines: [
      say('david', 'Bed 7 potassium is 3.1, I have prescribed replacement. Please recheck at 6 pm.'),
      say('alice', 'Will do, I have told the night team as well.'),
    ],
  },
  {
    roomType: 'SINGLE',
    members: ['bob', 'emily'],
    lines: [say('emily', 'Can we swap shifts on Saturday?'), say('bob', 'Fine by me, I will update the roster.'), say('emily', '多謝！')],
  },
  {
    roomType: 'SINGLE',
    members: ['grace', 'henry'],
    lines: [say('grace', 'Stock of amoxicillin 500 mg is low, please place an order today.'), say('henry', 'Order placed, delivery expected tomorrow morning.')],
  },
  {
    roomType: 'SINGLE',
    members: ['admin', 'irene'],
    lines: [say('admin', 'Chat server maintenance window is Sunday 02:00 to 04:00.'), say('irene', 'I will put up the notice in the broadcast room.')],
  },
  {
    roomType: 'SINGLE',
    members: ['nathan', 'olivia'],
    lines: [say('nathan', 'Resus bay 2 is free again.'), say('olivia', 'Great, the ambulance from Tseung Kwan O arrives in 5 minutes.')],
  },
  {
    roomType: 'SINGLE',
    members: ['agnes', 'brian'],
    lines: [say('agnes', 'Flu vaccination clinic starts on Monday, can you cover the first session?'), say('brian', 'Yes, 9 am works for me.')],
  },
  {
    roomType: 'SINGLE',
    members: ['alice', 'agnes'],
    lines: [say('agnes', 'Hi Alice, we are referring Mr Chan back to your ward for follow-up.'), say('alice', 'Thanks Agnes, please send the referral letter through the usual channel.')],
  },
];

export const DEMO_GROUPS: readonly DemoRoom[] = [
  {
    roomType: 'MULTIPLE',
    roomName: 'Ward 5A Nursing',
    admins: ['alice'],
    members: ['alice', 'bob', 'carol', 'emily', 'peter', 'mustchange'],
    lines: [
      change('ROOM_CREATED', 'alice', { roomName: 'Ward 5A Nursing' }),
      say('alice', 'Welcome to the ward group. Handover notes go here, patient details stay in the CMS.'),
      say('carol', '@Bob Chan please double-check the fall-risk assessments before the audit.', ['bob']),
      say('bob', 'Done for beds 1 to 10, finishing the rest after lunch.'),
      change('MEMBER_ADDED', 'alice', { targets: ['peter', 'mustchange'] }),
      say('emily', '今晚夜更有兩位新同事，請多多指教。'),
    ],
  },
  {
    roomType: 'MULTIPLE',
    roomName: 'Medicine Rounds',
    admins: ['frank', 'david'],
    members: ['frank', 'david', 'alice', 'carol', 'nathan'],
    lines: [
      change('ROOM_CREATED', 'frank', { roomName: 'Medicine Rounds' }),
      change('ADMIN_ADDED', 'frank', { targets: ['david'] }),
      say('frank', 'Grand round moved to 8:30 tomorrow, Conference Room B.'),
      say('david', 'I will present the case of recurrent hyponatraemia.'),
      say('alice', '@Frank Yip the ward will have 3 discharges before noon.', ['frank']),
    ],
  },
  {
    roomType: 'MULTIPLE',
    roomName: 'Pharmacy Team',
    admins: ['grace'],
    members: ['grace', 'henry', 'elaine'],
    lines: [
      change('ROOM_CREATED', 'grace', { roomName: 'Pharmacy Team' }),
      say('grace', 'New drug formulary takes effect on the 1st of next month.'),
      say('elaine', 'The clinic will update its prescribing templates this week.'),
    ],
  },
  {
    roomType: 'MULTIPLE',
    roomName: 'IT Support',
    admins: ['admin', 'irene'],
    members: ['admin', 'irene', 'jason', 'harry'],
    lines: [
      change('ROOM_CREATED', 'admin', { roomName: 'IT Support' }),
      say('jason', 'Printer on 5A is jammed again, heading over.'),
      say('harry', 'The clinic thin clients are patched and rebooted.'),
      say('irene', 'Thanks both. Please log the tickets before you leave.'),
    ],
  },
  {
    roomType: 'MULTIPLE',
    roomName: 'A&E Night Shift',
    admins: ['olivia'],
    members: ['olivia', 'nathan', 'peter', 'queenie', 'raymond'],
    lines: [
      change('ROOM_CREATED', 'olivia', { roomName: 'A&E Night Team' }),
      change('ROOM_RENAMED', 'olivia', { roomName: 'A&E Night Shift' }),
      say('olivia', 'Triage station 2 is short of one nurse until midnight.'),
      say('queenie', 'CT scanner is back online.'),
      say('raymond', 'Good. Reports for the two head injuries will be ready in 20 minutes.'),
    ],
  },
  {
    roomType: 'MULTIPLE',
    roomName: 'Clinic Operations',
    admins: ['agnes'],
    members: ['agnes', 'brian', 'cecilia', 'derek', 'elaine', 'felix', 'gloria', 'jacky', 'ivy', 'karen', 'louis'],
    lines: [
      change('ROOM_CREATED', 'agnes', { roomName: 'Clinic Operations' }),
      say('agnes', 'Typhoon signal 8 procedure: the clinic closes two hours after the signal is hoisted.'),
      say('felix', 'Registration counter queue is at 25 patients.'),
      say('cecilia', '@Derek Poon room 4 is ready for you.', ['derek']),
      say('derek', 'Thanks, calling the next patient.'),
    ],
  },
  {
    roomType: 'MULTIPLE',
    roomName: 'Patient Enquiry Centre',
    businessType: 'HA_CALL_CENTRE',
    admins: ['yvonne'],
    members: ['yvonne', 'winnie', 'xavier', 'zoe'],
    lines: [
      change('ROOM_CREATED', 'yvonne', { roomName: 'Patient Enquiry Centre' }),
      say('winnie', 'Caller asks about visiting hours on Ward 5A.'),
      say('yvonne', 'Visiting hours are 12:00 to 14:00 and 18:00 to 20:00.'),
      say('zoe', 'I will follow up on the caller who needs financial assistance.'),
    ],
  },
  {
    roomType: 'MULTIPLE',
    roomName: 'Pharmacy Enquiries',
    businessType: 'GRP_ACC_FWD_RM',
    groupAccount: 'grace',
    admins: ['grace'],
    members: ['grace', 'henry', 'kelly'],
    lines: [say('kelly', 'Is the new inhaler device in stock for patient education?'), say('henry', 'Yes, two demo devices are at the counter.')],
  },
];

export const DEMO_BROADCASTS: readonly DemoRoom[] = [
  {
    roomType: 'BROADCAST',
    roomName: 'Hospital Announcements',
    admins: ['tommy', 'ursula', 'admin'],
    // everyone of the hospital tenant joins: filled in by demo.ts
    members: [],
    lines: [
      say('ursula', 'The staff canteen on G/F reopens on Monday after renovation.'),
      say('tommy', 'Thank you all for your hard work during the winter surge.'),
      say('admin', 'Chat service maintenance: Sunday 02:00 to 04:00. Messages sent then will be delivered afterwards.'),
    ],
  },
];

export const SELF_ROOM_NOTES: Readonly<Record<string, string[]>> = {
  alice: ['Remember: appraisal forms due Friday.', 'Order new BP cuffs for 5A.'],
  bob: ['Roster swap with Emily on Saturday.'],
};
