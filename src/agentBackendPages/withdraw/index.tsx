import PageLayout from '@/components/PageLayout'

export default function WithdrawIndexPage() {
  return <PageLayout variant='back' title='提现' />
}
