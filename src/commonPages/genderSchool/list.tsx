import PageLayout from '@/components/PageLayout'

export default function GenderSchoolListPage() {
  return <PageLayout variant='back' title='两性学堂' />
}
