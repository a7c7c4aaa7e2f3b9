import PageLayout from '@/components/PageLayout'

export default function ActingGoodsIndexPage() {
  return <PageLayout variant='back' title='代理商品' />
}
