import PageLayout from '@/components/PageLayout'

export default function PlaceAnOrderIndexPage() {
  return <PageLayout variant='back' title='确认订单' />
}
