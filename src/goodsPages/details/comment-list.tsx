import PageLayout from '@/components/PageLayout'

export default function DetailsCommentListPage() {
  return <PageLayout variant='back' title='商品评价' />
}
