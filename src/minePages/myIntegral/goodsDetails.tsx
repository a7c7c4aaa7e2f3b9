import PageLayout from '@/components/PageLayout'

export default function MyIntegralGoodsDetailsPage() {
  return <PageLayout variant='back' title='积分商品' />
}
