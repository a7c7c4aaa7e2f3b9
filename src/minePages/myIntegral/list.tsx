import PageLayout from '@/components/PageLayout'

export default function MyIntegralListPage() {
  return <PageLayout variant='back' title='积分明细' />
}
