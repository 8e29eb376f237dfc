// The call history page of the left panel (`callhistory`) and the create conference page of the right panel
// (`createconference`).
import { definePanelPage } from '../../ui/index.ts';
import { CallHistory, type CallHistoryProps } from './components/CallHistory.tsx';
import { CreateConference, type CreateConferenceProps } from './components/CreateConference.tsx';

function CallHistoryPage({ params }: { params: CallHistoryProps }) {
  return <CallHistory {...params} />;
}

function CreateConferencePage({ params }: { params: CreateConferenceProps }) {
  return <CreateConference {...params} />;
}

export const callHistoryPage = definePanelPage<CallHistoryProps>('callhistory', 'conference.history', CallHistoryPage);
export const createConferencePage = definePanelPage<CreateConferenceProps>('createconference', 'conference.create.title', CreateConferencePage);
