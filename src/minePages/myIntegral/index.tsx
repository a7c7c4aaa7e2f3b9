import PageLayout from '@/components/PageLayout'

export default function MyIntegralIndexPage() {
  return <PageLayout variant='back' title='我的积分' />
}
