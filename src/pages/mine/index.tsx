import PageLayout from '@/components/PageLayout'

export default function MineIndexPage() {
  return <PageLayout variant='tab' title='我的' />
}
