// The call history page of the left panel (`callhistory`).
import { definePanelPage } from '../../ui/index.ts';
import { CallHistory, type CallHistoryProps } from './components/CallHistory.tsx';

function CallHistoryPage({ params }: { params: CallHistoryProps }) {
  return <CallHistory {...params} />;
}

export const callHistoryPage = definePanelPage<CallHistoryProps>('callhistory', 'conference.history', CallHistoryPage);
