import PageLayout from '@/components/PageLayout'

export default function MyArticleReleasePage() {
  return <PageLayout variant='back' title='发布文章' />
}
