import PageLayout from '@/components/PageLayout'

export default function MyOrderListPage() {
  return <PageLayout variant='back' title='我的订单' />
}
