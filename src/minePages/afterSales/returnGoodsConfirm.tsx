import PageLayout from '@/components/PageLayout'

export default function AfterSalesReturnGoodsConfirmPage() {
  return <PageLayout variant='back' title='退货退款' />
}
