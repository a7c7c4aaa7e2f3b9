import PageLayout from '@/components/PageLayout'

export default function ShoppingIndexPage() {
  return <PageLayout variant='tab' title='购物车' />
}
