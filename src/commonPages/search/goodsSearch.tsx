import PageLayout from '@/components/PageLayout'

export default function SearchGoodsSearchPage() {
  return <PageLayout variant='back' title='搜索商品' />
}
