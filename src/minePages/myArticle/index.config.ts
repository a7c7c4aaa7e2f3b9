export default definePageConfig({ navigationBarTitleText: '我的文章', navigationStyle: 'custom' })
