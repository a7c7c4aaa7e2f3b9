import PageLayout from '@/components/PageLayout'

export default function BlindBoxIndexPage() {
  return <PageLayout variant='back' title='幸运盲盒' />
}
