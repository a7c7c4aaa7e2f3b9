import PageLayout from '@/components/PageLayout'

export default function GoodsShareIndexPage() {
  return <PageLayout variant='back' title='商品分享' />
}
