import PageLayout from '@/components/PageLayout'

export default function MyCollectIndexPage() {
  return <PageLayout variant='back' title='我的收藏' />
}
