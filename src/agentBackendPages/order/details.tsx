import PageLayout from '@/components/PageLayout'

export default function OrderDetailsPage() {
  return <PageLayout variant='back' title='订单详情' />
}
