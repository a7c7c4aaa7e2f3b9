export default definePageConfig({ navigationBarTitleText: '追加评价', navigationStyle: 'custom' })
