import PageLayout from '@/components/PageLayout'
import Cart from '@/components/Cart'

export default function ShoppingIndexPage() {
  return (
    <PageLayout variant='tab' title='购物车'>
      <Cart variant='tab' />
    </PageLayout>
  )
}
