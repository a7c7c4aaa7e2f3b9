export default definePageConfig({ navigationBarTitleText: '奖品列表', navigationStyle: 'custom' })
