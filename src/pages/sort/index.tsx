import PageLayout from '@/components/PageLayout'

export default function SortIndexPage() {
  return <PageLayout variant='tab' title='分类' />
}
