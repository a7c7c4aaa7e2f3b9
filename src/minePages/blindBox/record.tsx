import PageLayout from '@/components/PageLayout'

export default function BlindBoxRecordPage() {
  return <PageLayout variant='back' title='中奖记录' />
}
