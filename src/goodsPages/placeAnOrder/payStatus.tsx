import PageLayout from '@/components/PageLayout'

export default function PlaceAnOrderPayStatusPage() {
  return <PageLayout variant='back' title='支付结果' />
}
