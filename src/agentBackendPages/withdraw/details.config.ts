export default definePageConfig({ navigationBarTitleText: '账户明细', navigationStyle: 'custom' })
