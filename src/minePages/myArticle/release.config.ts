export default definePageConfig({ navigationBarTitleText: '发布文章', navigationStyle: 'custom' })
