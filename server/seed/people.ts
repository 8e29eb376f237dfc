// The demo organisation: who works there. Pure data, read by demo.ts.
import type { LangId } from '../../generated/types/index.ts';

export const DEMO_PASSWORD = 'Passw0rd!';

export interface DemoTenant {
  shortName: string;
  fullname: string;
  fullnameDisplay: string;
}

export interface DemoPerson {
  loginName: string;
  userFullname: string;
  postTitle: string;
  /** index into DEMO_TENANTS */
  tenant: 0 | 1;
  department: string;
  admin?: boolean;
  mustChangePassword?: boolean;
  langId?: LangId;
}

export const DEMO_TENANTS: readonly DemoTenant[] = [
  { shortName: 'NGH', fullname: 'Northbridge General Hospital', fullnameDisplay: 'Northbridge General' },
  { shortName: 'EKC', fullname: 'East Kowloon Community Clinic', fullnameDisplay: 'East Kowloon Clinic' },
];

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { loginName: 'admin', userFullname: 'System Administrator', postTitle: 'Chat Service Administrator', tenant: 0, department: 'Information Technology', admin: true },
  { loginName: 'mustchange', userFullname: 'Morgan Lau', postTitle: 'Clerical Officer', tenant: 0, department: 'Medical Records', mustChangePassword: true },
  { loginName: 'alice', userFullname: 'Alice Wong', postTitle: 'Ward Manager', tenant: 0, department: 'Medicine Ward 5A' },
  { loginName: 'bob', userFullname: 'Bob Chan', postTitle: 'Registered Nurse', tenant: 0, department: 'Medicine Ward 5A' },
  { loginName: 'carol', userFullname: 'Carol Leung', postTitle: 'Advanced Practice Nurse', tenant: 0, department: 'Medicine Ward 5A' },
  { loginName: 'david', userFullname: 'David Cheung', postTitle: 'Medical Officer', tenant: 0, department: 'Department of Medicine' },
  { loginName: 'emily', userFullname: 'Emily Ho', postTitle: 'Registered Nurse', tenant: 0, department: 'Medicine Ward 5A', langId: 'zh_TW' },
  { loginName: 'frank', userFullname: 'Frank Yip', postTitle: 'Consultant Physician', tenant: 0, department: 'Department of Medicine' },
  { loginName: 'grace', userFullname: 'Grace Tsang', postTitle: 'Pharmacist', tenant: 0, department: 'Pharmacy' },
  { loginName: 'henry', userFullname: 'Henry Lam', postTitle: 'Dispenser', tenant: 0, department: 'Pharmacy' },
  { loginName: 'irene', userFullname: 'Irene Kwok', postTitle: 'Systems Analyst', tenant: 0, department: 'Information Technology' },
  { loginName: 'jason', userFullname: 'Jason Ng', postTitle: 'IT Support Officer', tenant: 0, department: 'Information Technology' },
  { loginName: 'kelly', userFullname: 'Kelly Fung', postTitle: 'Physiotherapist I', tenant: 0, department: 'Physiotherapy' },
  { loginName: 'leo', userFullname: 'Leo Mak', postTitle: 'Occupational Therapist', tenant: 0, department: 'Occupational Therapy' },
  { loginName: 'mandy', userFullname: 'Mandy Siu', postTitle: 'Executive Officer II', tenant: 0, department: 'Hospital Administration' },
  { loginName: 'nathan', userFullname: 'Nathan Chow', postTitle: 'Resident Specialist', tenant: 0, department: 'Accident & Emergency' },
  { loginName: 'olivia', userFullname: 'Olivia Tang', postTitle: 'Nurse Consultant', tenant: 0, department: 'Accident & Emergency' },
  { loginName: 'peter', userFullname: 'Peter Kwan', postTitle: 'Patient Care Assistant', tenant: 0, department: 'Accident & Emergency' },
  { loginName: 'queenie', userFullname: 'Queenie Lo', postTitle: 'Radiographer', tenant: 0, department: 'Radiology' },
  { loginName: 'raymond', userFullname: 'Raymond Tse', postTitle: 'Chief of Service', tenant: 0, department: 'Radiology' },
  { loginName: 'sally', userFullname: 'Sally Au', postTitle: 'Dietitian', tenant: 0, department: 'Dietetics' },
  { loginName: 'tommy', userFullname: 'Tommy Lai', postTitle: 'Hospital Chief Executive', tenant: 0, department: 'Hospital Administration' },
  { loginName: 'ursula', userFullname: 'Ursula Pang', postTitle: 'Public Relations Manager', tenant: 0, department: 'Hospital Administration', langId: 'zh_TW' },
  { loginName: 'victor', userFullname: 'Victor Hui', postTitle: 'Security Supervisor', tenant: 0, department: 'General Services' },
  { loginName: 'winnie', userFullname: 'Winnie Choi', postTitle: 'Call Centre Officer', tenant: 0, department: 'Patient Enquiry Centre' },
  { loginName: 'xavier', userFullname: 'Xavier Ma', postTitle: 'Call Centre Officer', tenant: 0, department: 'Patient Enquiry Centre' },
  { loginName: 'yvonne', userFullname: 'Yvonne Shum', postTitle: 'Call Centre Supervisor', tenant: 0, department: 'Patient Enquiry Centre' },
  { loginName: 'zoe', userFullname: 'Zoe Kong', postTitle: 'Medical Social Worker', tenant: 0, department: 'Medical Social Services' },
  { loginName: 'agnes', userFullname: 'Agnes Yuen', postTitle: 'Clinic Manager', tenant: 1, department: 'Clinic Management' },
  { loginName: 'brian', userFullname: 'Brian So', postTitle: 'Family Medicine Specialist', tenant: 1, department: 'Family Medicine' },
  { loginName: 'cecilia', userFullname: 'Cecilia Wan', postTitle: 'Registered Nurse', tenant: 1, department: 'General Out-patient', langId: 'zh_TW' },
  { loginName: 'derek', userFullname: 'Derek Poon', postTitle: 'Medical Officer', tenant: 1, department: 'Family Medicine' },
  { loginName: 'elaine', userFullname: 'Elaine Chiu', postTitle: 'Pharmacist', tenant: 1, department: 'Clinic Pharmacy' },
  { loginName: 'felix', userFullname: 'Felix Tam', postTitle: 'Clerical Officer', tenant: 1, department: 'Registration Counter' },
  { loginName: 'gloria', userFullname: 'Gloria Hung', postTitle: 'Enrolled Nurse', tenant: 1, department: 'General Out-patient' },
  { loginName: 'harry', userFullname: 'Harry Liu', postTitle: 'IT Support Officer', tenant: 1, department: 'Information Technology' },
  { loginName: 'ivy', userFullname: 'Ivy Law', postTitle: 'Community Nurse', tenant: 1, department: 'Community Nursing Service', langId: 'zh_CN' },
  { loginName: 'jacky', userFullname: 'Jacky Mok', postTitle: 'Health Care Assistant', tenant: 1, department: 'General Out-patient' },
  { loginName: 'karen', userFullname: 'Karen Ip', postTitle: 'Dietitian', tenant: 1, department: 'Allied Health' },
  { loginName: 'louis', userFullname: 'Louis Chung', postTitle: 'Physiotherapist II', tenant: 1, department: 'Allied Health' },
];

/** Logins the server prints at start so a demo can begin at once. */
export interface DemoLogin {
  loginName: string;
  password: string;
  userFullname: string;
  note: string;
}

export const DEMO_LOGINS: readonly DemoLogin[] = DEMO_PEOPLE.filter((p) =>
  ['admin', 'mustchange', 'alice', 'bob', 'carol', 'agnes'].includes(p.loginName),
).map((p) => ({
  loginName: p.loginName,
  password: DEMO_PASSWORD,
  userFullname: p.userFullname,
  note: p.admin
    ? 'ADMIN and IM_USER'
    : p.mustChangePassword
      ? 'must change the password at first login'
      : `${p.postTitle}, ${DEMO_TENANTS[p.tenant]?.shortName ?? ''}`,
}));
