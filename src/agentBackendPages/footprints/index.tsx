import PageLayout from '@/components/PageLayout'

export default function FootprintsIndexPage() {
  return <PageLayout variant='back' title='访客足迹' />
}
