// The news pages of the left panel: the list (`newslist`) and one item above it.
import type { NewsListItem } from '@generated/types/index';
import { definePanelPage, usePanelNav } from '../../ui/index.ts';
import { NewsDetail } from './components/NewsDetail.tsx';
import { NewsList } from './components/NewsList.tsx';

function NewsDetailPage({ params }: { params: { newsId: string } }) {
  return <NewsDetail key={params.newsId} newsId={params.newsId} />;
}

export const newsDetailPage = definePanelPage<{ newsId: string }>('newsdetail', 'news.detailHeading', NewsDetailPage);

function NewsListPage() {
  const openLeft = usePanelNav((state) => state.openLeft);
  return <NewsList onOpen={(item: NewsListItem) => openLeft(newsDetailPage, { newsId: item.newsId })} />;
}

export const newsListPage = definePanelPage('newslist', 'news.heading', NewsListPage);
