import PageLayout from '@/components/PageLayout'
import Cart from '@/components/Cart'

export default function ShoppingCarIndexPage() {
  return (
    <PageLayout variant='back' title='购物车'>
      <Cart variant='page' />
    </PageLayout>
  )
}
