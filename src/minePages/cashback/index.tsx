import PageLayout from '@/components/PageLayout'

export default function CashbackIndexPage() {
  return <PageLayout variant='back' title='好评返现' />
}
