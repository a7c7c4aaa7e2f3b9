import PageLayout from '@/components/PageLayout'

export default function SortIndexOldPage() {
  return <PageLayout variant='tab' title='分类' />
}
