import PageLayout from '@/components/PageLayout'

export default function OrderListPage() {
  return <PageLayout variant='back' title='店铺订单' />
}
