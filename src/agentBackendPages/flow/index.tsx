import PageLayout from '@/components/PageLayout'

export default function FlowIndexPage() {
  return <PageLayout variant='back' title='店铺流量' />
}
