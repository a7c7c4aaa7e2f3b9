import PageLayout from '@/components/PageLayout'

export default function MyOrderDetailsPage() {
  return <PageLayout variant='back' title='订单详情' />
}
