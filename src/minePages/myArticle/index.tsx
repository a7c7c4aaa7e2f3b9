import PageLayout from '@/components/PageLayout'

export default function MyArticleIndexPage() {
  return <PageLayout variant='back' title='我的文章' />
}
