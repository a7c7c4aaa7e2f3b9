import PageLayout from '@/components/PageLayout'

export default function MyCouponSpecifyGoodsListPage() {
  return <PageLayout variant='back' title='适用商品' />
}
