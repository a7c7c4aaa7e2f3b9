import PageLayout from '@/components/PageLayout'

export default function ShoppingCarIndexPage() {
  return <PageLayout variant='back' title='购物车' />
}
